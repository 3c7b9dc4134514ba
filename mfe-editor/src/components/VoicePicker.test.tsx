import { render, screen } from '@testing-library/react';
import type { LanguageDubbings } from '../api/types';
import * as mediaService from '../services/media.service';
import { resetAll } from '../testing/render';
import { VoicePicker } from './VoicePicker';

jest.mock('../services/media.service');
const media = jest.mocked(mediaService);

afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

const english: LanguageDubbings = {
  language: 'English',
  language_key: 'en',
  dubbing_infos: [
    { dubbing: 'en_narrator', dubbing_desc: 'Narrator', dubbing_audition: '/audio/en_narrator.mp3' },
  ],
} as LanguageDubbings;

describe('VoicePicker', () => {
  it('says the voices are loading until the list that names the chosen voice arrives, never its raw id', async () => {
    let arrive: (list: LanguageDubbings[]) => void = () => undefined;
    media.dubbingList.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    media.bgmList.mockResolvedValue([]);
    media.imageStyles.mockResolvedValue([]);
    render(
      <VoicePicker
        fkey="voice_over_dubbing"
        label="Narrator voice"
        value="en_narrator"
        onChange={jest.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: /Narrator voice/ });
    expect(button.textContent).toBe('Loading voices…');
    expect(button.textContent).not.toContain('en_narrator');
    arrive([english]);
    expect(await screen.findByRole('button', { name: 'Narrator voice: Storyteller' })).toBeTruthy();
  });

  it('shows an id the loaded list does not know as it is, and asks for a choice when there is none', async () => {
    media.dubbingList.mockResolvedValue([english]);
    media.bgmList.mockResolvedValue([]);
    media.imageStyles.mockResolvedValue([]);
    const view = render(
      <VoicePicker
        fkey="voice_over_dubbing"
        label="Narrator voice"
        value="gone_voice"
        onChange={jest.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Narrator voice: gone_voice' })).toBeTruthy();
    view.rerender(
      <VoicePicker fkey="voice_over_dubbing" label="Narrator voice" value="" onChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Narrator voice: Choose a voice' })).toBeTruthy();
  });
});
