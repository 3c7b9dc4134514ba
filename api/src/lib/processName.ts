import os from 'node:os';

/**
 * Which api process this is: `<host name>:<pid>`, unique per process on one machine and, with distinct host names,
 * across machines. Health answers and socket `ready` messages carry it, so several processes can be told apart.
 */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}`;
