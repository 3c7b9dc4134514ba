import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, ErrorCode } from 'shared-kit';
import { messageForCode } from 'ui-kit';
import type { GeneratedImage } from '../api/types';
import * as mediaService from '../services/media.service';
import { useEditorStore } from '../stores/editor/store';
import { resetAll } from '../testing/render';
import { ImageGenerator } from './ImageGenerator';

jest.mock('../services/media.service');
const media = jest.mocked(mediaService);

afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

const picture: GeneratedImage = {
  id: '0123456789abcdef01234567',
  url: '/api/media/0123456789abcdef01234567',
  width: 768,
  height: 1024,
  quota: { count: 1, remain: 49, total: 50 },
};

function setup(props: { characterName?: string; use?: 'character' | 'cover' } = {}) {
  const onGenerated = jest.fn();
  const view = render(
    <ImageGenerator fkey="characters.c1.character_url" use={props.use ?? 'character'} characterName={props.characterName} onGenerated={onGenerated} />,
  );
  const button = () => screen.getByRole('button', { name: /Generat/ }) as HTMLButtonElement;
  const prompt = screen.getByRole('textbox', { name: 'Appearance prompt' });
  return { onGenerated, button, prompt, view };
}

describe('ImageGenerator', () => {
  it('waits for a name and a prompt (at most 500) before it can generate, with a counter', () => {
    const { button, prompt, view } = setup({ characterName: '' });
    expect(button().disabled).toBe(true);
    expect(button()).toHaveProperty('textContent', 'Generate');
    expect(screen.getByText('Name the character before generating a picture')).toBeTruthy();

    view.rerender(<ImageGenerator fkey="characters.c1.character_url" use="character" characterName="Mira" onGenerated={jest.fn()} />);
    expect(screen.getByText('Describe the appearance before generating a picture')).toBeTruthy();
    fireEvent.change(prompt, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500').className).toContain('ui-field__count--over');
    expect(button().disabled).toBe(true);
    fireEvent.change(prompt, { target: { value: 'x'.repeat(500) } });
    expect(screen.getByText('500/500').className).not.toContain('ui-field__count--over');
    expect(button().disabled).toBe(false);
  });

  it('shows progress while drawing, then hands over the picture with the story style and the name', async () => {
    useEditorStore.setState((s) => ({ content: { ...s.content, image_generate_style: { code: 'anime' } } }));
    let finish: (g: GeneratedImage) => void = () => undefined;
    media.generateImage.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { button, prompt, onGenerated } = setup({ characterName: ' Mira ' });
    fireEvent.change(prompt, { target: { value: ' Silver hair ' } });
    fireEvent.click(button());

    expect(button().textContent).toBe('Generating…');
    expect(button().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Generating picture');
    expect(media.generateImage).toHaveBeenCalledWith({
      use: 'character',
      prompt: 'Silver hair',
      character_name: 'Mira',
      image_generate_style: { code: 'anime' },
    });
    await act(async () => finish(picture));
    expect(onGenerated).toHaveBeenCalledWith(picture.url);
    expect(screen.queryByRole('status')).toBeNull();
    expect(button().textContent).toBe('Generate');
    expect(button().disabled).toBe(false);
  });

  it("shows the client's message for the refusal's code when drawing is refused, and can try again", async () => {
    media.generateImage.mockRejectedValueOnce(
      new ApiError(
        ErrorCode.RequestOverLimit,
        'Daily AI quota reached for images: this needs 1 picture, and you can draw 0 pictures more today',
      ),
    );
    const { button, prompt, onGenerated } = setup({ use: 'cover' });
    fireEvent.change(prompt, { target: { value: 'A harbour at night' } });
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('alert').textContent).toBe(messageForCode(ErrorCode.RequestOverLimit));
    expect(media.generateImage).toHaveBeenCalledWith({ use: 'cover', prompt: 'A harbour at night' });
    expect(onGenerated).not.toHaveBeenCalled();

    media.generateImage.mockResolvedValueOnce(picture);
    await act(async () => fireEvent.click(button()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onGenerated).toHaveBeenCalledWith(picture.url);
  });
});
