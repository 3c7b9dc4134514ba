// The video module's face: a play shared as a video (render tasks, their job, the file). Everything else in this
// folder is its own.
export { videoRoutes } from './video.routes';
export { startVideoRunner, type VideoRunner } from './video.job';
export { ffmpegRunning } from './video.ffmpeg';
