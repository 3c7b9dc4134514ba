import { Writable } from 'node:stream';
import { StoryStatus } from 'shared-kit';
import { createLogger } from '../lib/logger';
import { createEventBus } from './events';

function bus() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _e, cb) {
        lines.push(chunk.toString());
        cb();
      },
    }),
  });
  return { events: createEventBus(logger), lines };
}

const reviewed = { uid: 'u1', story_id: 's1', status: StoryStatus.Passed, passed: true } as const;

describe('event bus', () => {
  it('delivers to every listener until unsubscribed', () => {
    const { events } = bus();
    const got: string[] = [];
    const off = events.on('story.reviewed', (e) => {
      got.push(`a:${e.story_id}`);
    });
    events.on('story.reviewed', (e) => {
      got.push(`b:${e.story_id}`);
    });
    events.emit('story.reviewed', reviewed);
    off();
    events.emit('story.reviewed', reviewed);
    expect(got).toEqual(['a:s1', 'b:s1', 'b:s1']);
  });

  it('logs a failing listener (sync or async) and still runs the others', async () => {
    const { events, lines } = bus();
    const got: string[] = [];
    events.on('story.reviewed', () => {
      throw new Error('sync listener broke');
    });
    events.on('story.reviewed', async () => {
      throw new Error('async listener broke');
    });
    events.on('story.reviewed', () => {
      got.push('ok');
    });
    expect(() => events.emit('story.reviewed', reviewed)).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(['ok']);
    expect(lines.join('')).toContain('sync listener broke');
    expect(lines.join('')).toContain('async listener broke');
  });
});
