// The notice module's face: what other modules may use. Everything else in this folder is its own.
export { Notice, type NoticeReceipt } from './notice.model';
export { notify, notifyMany } from './notice.service';
