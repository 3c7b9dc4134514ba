import { useEffect, useState } from 'react';
import { PushType, createSocketClient, type SocketClient } from 'shared-kit';
import type { VideoTask } from 'shared-kit/schemas';
import * as video from '../../services/video.service';

const POLL_MS = 2000;
const finished = (t: VideoTask): boolean => t.status === 'Success' || t.status === 'Fail' || t.status === 'Cancel';

/**
 * Follows a video task until it finishes: its TaskProgress pushes move the percent as they come, and the task is read
 * again every two seconds (and once a push says it ended), so a lost connection or a missed push only delays it.
 */
export function useVideoTask(initial: VideoTask | null): VideoTask | null {
  const [task, setTask] = useState<VideoTask | null>(initial);
  useEffect(() => setTask(initial), [initial]);
  const taskId = task?.task_id ?? '';
  const done = task ? finished(task) : true;

  useEffect(() => {
    if (!taskId || done) return undefined;
    let stopped = false;
    const read = (): void => {
      video.videoTask(taskId).then(
        (answer) => {
          if (!stopped) setTask((now) => (now && finished(now) && !finished(answer.task) ? now : answer.task));
        },
        () => undefined,
      );
    };
    const timer = setInterval(read, POLL_MS);
    let client: SocketClient | null = null;
    let off = (): void => undefined;
    try {
      client = createSocketClient({ autoConnect: true, onLoadError: (error) => console.error('video: the socket library could not be loaded', error) });
      off = client.on(PushType.TaskProgress, (push) => {
        if (push.task !== 'video' || push.task_id !== taskId) return;
        const status = String(push.status);
        const percent = Number(push.percent) || 0;
        if (status === 'Rendering') setTask((now) => (now && !finished(now) && percent > now.percent ? { ...now, status: 'Rendering', percent } : now));
        else read();
      });
    } catch (error) {
      console.error('video: pushes could not start', error);
    }
    return () => {
      stopped = true;
      clearInterval(timer);
      off();
      client?.close();
    };
  }, [taskId, done]);

  return task;
}
