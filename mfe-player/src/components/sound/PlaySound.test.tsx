import { act, fireEvent, render, screen } from '@testing-library/react';
import { PushType, ResourceLimit, sessionStore, TeenMode, type PushMessage, type SocketClient } from 'shared-kit';
import { i18n } from 'ui-kit';
import { PLAYER_NS } from '../../i18n';
import { speechBridge } from '../../stores/play/store';
import type { AudioLike } from '../../lib/speechQueue';
import { resetSpeechStore, setSpeechAudio, useSpeechStore } from '../../stores/speech/store';
import { aPlayInfo } from '../../testing/fixtures';
import { PlaySound } from './PlaySound';

beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});

/** An audio element that plays nothing (jsdom has no media playback); what it was given to play is kept. */
const played: string[] = [];
function fakeAudio(): AudioLike {
  const el: AudioLike = {
    src: '',
    volume: 1,
    loop: false,
    paused: true,
    play: () => {
      el.paused = false;
      played.push(el.src);
      return Promise.resolve();
    },
    pause: () => {
      el.paused = true;
    },
    addEventListener: () => undefined,
  };
  return el;
}

function resetSound(): void {
  resetSpeechStore();
  setSpeechAudio(fakeAudio);
}

/** A socket the test pushes on, and whether the panel opened and closed it. */
function fakeSocket() {
  const handlers = new Map<string, (push: PushMessage) => void>();
  let opened = 0;
  let closed = 0;
  const factory = () => {
    opened += 1;
    return {
      on: (type: string, handler: (push: PushMessage) => void) => {
        handlers.set(type, handler);
        return () => handlers.delete(type);
      },
      close: () => {
        closed += 1;
      },
    } as unknown as SocketClient;
  };
  return { factory, push: (p: PushMessage) => handlers.get(p.push_type)?.(p), opened: () => opened, closed: () => closed };
}

describe('play panel sound', () => {
  beforeEach(() => {
    resetSound();
    played.length = 0;
    localStorage.clear();
    sessionStore.getState().setUser({ uid: 'u7', biz_uid: 'u7', user_nick: 'Wren', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
  });
  afterEach(() => {
    resetSpeechStore();
    sessionStore.getState().clear();
  });

  it('turns spoken replies on and off, keeps it for this person, and asks the play for speech only while on', () => {
    const socket = fakeSocket();
    const { unmount } = render(<PlaySound info={aPlayInfo()} socketFactory={socket.factory} />);
    const speak = screen.getByRole('switch', { name: 'Speak replies' });
    expect(speak.getAttribute('aria-checked')).toBe('false');
    expect(speechBridge.current.wanted()).toBe(false);
    expect(socket.opened()).toBe(0);
    fireEvent.click(speak);
    expect(speak.getAttribute('aria-checked')).toBe('true');
    expect(speechBridge.current.wanted()).toBe(true);
    // The limit pushes are listened for while speech is on.
    expect(socket.opened()).toBe(1);
    fireEvent.change(screen.getByRole('slider', { name: 'Background music' }), { target: { value: '65' } });
    expect(useSpeechStore.getState().volume).toBe(65);
    unmount();
    // Leaving the screen disconnects speech.
    expect(speechBridge.current.wanted()).toBe(false);
    expect(socket.closed()).toBe(1);
    resetSound();
    render(<PlaySound info={aPlayInfo()} socketFactory={socket.factory} />);
    expect(screen.getByRole('switch', { name: 'Speak replies' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('slider', { name: 'Background music' }) as HTMLInputElement).value).toBe('65');
  });

  it('says when the day’s speech limit is reached and keeps the switch off until it is recovered', () => {
    const socket = fakeSocket();
    render(<PlaySound info={aPlayInfo()} socketFactory={socket.factory} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Speak replies' }));
    act(() => socket.push({ push_type: PushType.ResourceLimit, resource_limit: ResourceLimit.TTSReached }));
    expect(screen.getByRole('alert').textContent).toContain('Voice playback limit reached today');
    const speak = screen.getByRole('switch', { name: 'Speak replies' });
    expect(speak.getAttribute('aria-checked')).toBe('false');
    expect((speak as HTMLButtonElement).disabled).toBe(true);
    expect(speechBridge.current.wanted()).toBe(false);
    act(() => socket.push({ push_type: PushType.ResourceLimit, resource_limit: ResourceLimit.TTSRecovered }));
    expect(screen.getByRole('status').textContent).toContain('Voice playback is available again.');
    expect(screen.getByRole('switch', { name: 'Speak replies' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('switch', { name: 'Speak replies' }) as HTMLButtonElement).disabled).toBe(false);
    expect(speechBridge.current.wanted()).toBe(true);
  });

  it("plays the chapter's music at the chosen volume, quieter while speech is heard; says when there is none", () => {
    const socket = fakeSocket();
    const music: AudioLike[] = [];
    const make = () => {
      const el = fakeAudio();
      music.push(el);
      return el;
    };
    const { rerender } = render(<PlaySound info={aPlayInfo({ bgm: null })} socketFactory={socket.factory} audio={make} />);
    expect(screen.getByText('No music in this chapter').textContent).toBe('No music in this chapter');
    expect(music).toHaveLength(0);
    rerender(<PlaySound info={aPlayInfo({ bgm: { vid: 'bgm_calm_shore', url: '/api/editor/audio/bgm_calm_shore.wav' } })} socketFactory={socket.factory} audio={make} />);
    expect(screen.queryByText('No music in this chapter')).toBeNull();
    expect(music).toHaveLength(1);
    expect(played).toEqual(['/api/editor/audio/bgm_calm_shore.wav']);
    expect(music[0]!.loop).toBe(true);
    expect(music[0]!.volume).toBeCloseTo(0.4);
    act(() => useSpeechStore.setState({ speaking: true }));
    expect(music[0]!.volume).toBeCloseTo(0.1);
    act(() => useSpeechStore.setState({ speaking: false }));
    fireEvent.change(screen.getByRole('slider', { name: 'Background music' }), { target: { value: '0' } });
    // At volume 0 there is no music at all.
    expect(music[0]!.paused).toBe(true);
  });
});
