import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, type PushHandler, type SocketClient, type SocketClientOptions, type UgcVoice, type UgcVoiceConf } from 'shared-kit';
import * as eventsService from '../services/events.service';
import * as pushesService from '../services/pushes.service';
import * as voiceService from '../services/voice.service';
import { changeLanguage } from 'ui-kit';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/voice.service');
jest.mock('../services/events.service');
jest.mock('../services/pushes.service');
const service = jest.mocked(voiceService);
const events = jest.mocked(eventsService);
const pushes = jest.mocked(pushesService);

/** The page's push connections as the fake hands them out: the server says `ready`, pushes arrive. */
interface FakeConnection {
  options: SocketClientOptions;
  handlers: Map<string, Set<PushHandler>>;
  closed: boolean;
}
let connections: FakeConnection[] = [];
const open = () => connections.filter((c) => !c.closed);
function ready(): void {
  act(() => {
    for (const c of open()) c.options.onReady?.();
  });
}
function push(message: Record<string, unknown> & { push_type: string }): void {
  act(() => {
    for (const c of open()) for (const h of c.handlers.get(message.push_type) ?? []) h(message, 'push');
  });
}

const conf: UgcVoiceConf = {
  name_min: 2,
  name_max: 40,
  tags_max: 3,
  record_min_sec: 10,
  record_max_sec: 60,
  max_upload_mb: 12,
  formats: ['wav', 'webm', 'ogg', 'mp3'],
  pitch_range: [-50, 50],
  speed_range: [-50, 100],
  mix_max: 4,
  languages: [
    { language: 'English', language_key: 'en' },
    { language: 'Español', language_key: 'es' },
    { language: '中文', language_key: 'zh-CN' },
  ],
  read_texts: [
    { text_id: 'en_1', language_key: 'en', text: 'The morning light came over the hills.' },
    { text_id: 'es_1', language_key: 'es', text: 'La luz de la mañana llegó sobre las colinas.' },
    { text_id: 'zh_1', language_key: 'zh-CN', text: '清晨的阳光越过山丘。' },
  ],
  transcription: false,
};

function voice(over: Partial<UgcVoice> = {}): UgcVoice {
  return {
    voice_id: 'ugc_0000000000000001',
    name: 'Harbour keeper',
    name_status: 'Normal',
    tags: [{ category: 'gender', value: 'male' }],
    language: 'en',
    pitch: 0,
    speed: 0,
    privacy: 'Privacy',
    status: 'Normal',
    mix_type: 'NotMix',
    mix_speakers: [],
    preview_url: '/api/voice/audio/aa',
    duration_ms: 12000,
    is_mine: true,
    next_rename_at: 0,
    create_time: 1,
    engine: { voice: 'en-us+m3', pitch: 40, speed: 170 },
    review_percent: 100,
    reject_reason: '',
    ...over,
  };
}

const list = (voices: UgcVoice[]) => ({ voices, has_more: false, cursor: voices.length });

beforeEach(() => {
  installFakeShell();
  connections = [];
  pushes.openPushes.mockImplementation((options) => {
    const c: FakeConnection = { options, handlers: new Map(), closed: false };
    connections.push(c);
    return {
      on: (type: string, handler: PushHandler) => {
        const set = c.handlers.get(type) ?? new Set<PushHandler>();
        set.add(handler);
        c.handlers.set(type, set);
        return () => set.delete(handler);
      },
      connect: () => undefined,
      close: () => {
        c.closed = true;
      },
    } as unknown as SocketClient;
  });
  service.voiceConf.mockResolvedValue(conf);
  service.voiceCategories.mockResolvedValue({
    categories: [
      { category: 'gender', values: ['female', 'male', 'neutral'] },
      { category: 'age', values: ['child', 'young', 'adult', 'senior'] },
      { category: 'trait', values: ['warm', 'calm', 'deep'] },
    ],
  });
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

const mineSection = () => screen.getByRole('region', { name: 'My voices' });
const publicSection = () => screen.getByRole('region', { name: 'Public library' });

describe('voice library', () => {
  it('shows the text to read, my voices and the public library, with empty states', async () => {
    service.listVoices.mockImplementation(async ({ scope }) => (scope === 'mine' ? list([voice()]) : list([])));
    renderAt('/editor/voices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voice library' })).toBeTruthy();
    // The heading shows at once; the text to read once the voice settings are in.
    expect(await screen.findByText('The morning light came over the hills.')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('0:00 / 1:00');
    expect(await within(mineSection()).findByRole('heading', { name: 'Harbour keeper' })).toBeTruthy();
    expect(within(mineSection()).getByRole('button', { name: 'Play Harbour keeper' })).toBeTruthy();
    expect(await within(publicSection()).findByText('No public voices yet.')).toBeTruthy();
    // The language changes the text to read.
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    expect(screen.getByText('La luz de la mañana llegó sobre las colinas.')).toBeTruthy();
  });

  it('shows a Chinese user the text to read in Chinese and makes the voice in Chinese, until another language is picked', async () => {
    await changeLanguage('zh-CN');
    try {
      service.listVoices.mockResolvedValue(list([]));
      renderAt('/editor/voices');
      expect(await screen.findByRole('heading', { level: 1, name: '声音库' })).toBeTruthy();
      expect(await screen.findByText('清晨的阳光越过山丘。')).toBeTruthy();
      expect(screen.queryByText('The morning light came over the hills.')).toBeNull();
      expect((screen.getByRole('combobox', { name: '语言' }) as HTMLSelectElement).value).toBe('zh-CN');
      fireEvent.click(screen.getByRole('button', { name: '上传文件' }));
      const file = new File([new Uint8Array([1, 2, 3])], 'me.wav', { type: 'audio/wav' });
      fireEvent.change(screen.getByLabelText(/^音频文件/), { target: { files: [file] } });
      fireEvent.change(screen.getByRole('textbox', { name: '声音名称' }), { target: { value: '我的声音' } });
      service.createVoice.mockResolvedValueOnce(voice({ voice_id: 'ugc_0000000000000003', name: '我的声音', language: 'zh-CN' }));
      fireEvent.click(screen.getByRole('button', { name: '创建声音' }));
      await waitFor(() => expect(service.createVoice).toHaveBeenCalledTimes(1));
      expect(service.createVoice).toHaveBeenLastCalledWith(file, expect.objectContaining({ language: 'zh-CN', text_id: 'zh_1' }));
      // A language picked by hand stays, whatever the UI's.
      fireEvent.click(screen.getByRole('button', { name: '录音' }));
      fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'es' } });
      await act(async () => {
        await changeLanguage('en');
      });
      expect(screen.getByText('La luz de la mañana llegó sobre las colinas.')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('a voice in review shows a spinner and becomes playable when its job pushes its end; a refused one says why', async () => {
    const reviewing = voice({ status: 'Reviewing', preview_url: '', review_percent: 40 });
    const refusedVoice = voice({ voice_id: 'ugc_0000000000000009', name: 'Bad name', status: 'Reject', preview_url: '', reject_reason: 'The name did not pass the safety review: choose another name' });
    service.listVoices.mockImplementation(async ({ scope }) => (scope === 'mine' ? list([reviewing, refusedVoice]) : list([])));
    service.getVoice.mockResolvedValue(reviewing);
    renderAt('/editor/voices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voice library' })).toBeTruthy();
    const item = await within(mineSection()).findByRole('listitem', { name: 'Harbour keeper' });
    expect(within(item).getByRole('status', { name: 'Checking the voice and making its preview…' })).toBeTruthy();
    expect(within(item).getByText('In review')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Play Harbour keeper' })).toBeNull();
    const refused = within(mineSection()).getByRole('listitem', { name: 'Bad name' });
    expect(within(refused).getByText('Rejected')).toBeTruthy();
    expect(within(refused).getByText('Not accepted: The name did not pass the safety review: choose another name')).toBeTruthy();
    expect(within(refused).queryByRole('button', { name: 'Play Bad name' })).toBeNull();
    // One connection while a voice is in review; once it is ready, the voice in review is read (still in review).
    await waitFor(() => expect(open()).toHaveLength(1));
    expect(service.getVoice).not.toHaveBeenCalled();
    ready();
    await waitFor(() => expect(service.getVoice).toHaveBeenCalledTimes(1));
    expect(service.getVoice).toHaveBeenCalledWith('ugc_0000000000000001');
    // A step of the review, another task's push and another voice's push read nothing.
    push({ push_type: 'TaskProgress', task: 'ugc_voice', voice_id: 'ugc_0000000000000001', status: 'Reviewing', percent: 70, reason: '' });
    push({ push_type: 'TaskProgress', task: 'other', voice_id: 'ugc_0000000000000001', status: 'Normal', percent: 100 });
    push({ push_type: 'TaskProgress', task: 'ugc_voice', voice_id: 'ugc_0000000000000009', status: 'Normal', percent: 100, reason: '' });
    expect(service.getVoice).toHaveBeenCalledTimes(1);
    expect(within(mineSection()).getByText('In review')).toBeTruthy();
    // The end of the review is pushed: the voice is read again, with its preview.
    service.getVoice.mockResolvedValue(voice());
    push({ push_type: 'TaskProgress', task: 'ugc_voice', voice_id: 'ugc_0000000000000001', status: 'Normal', percent: 100, reason: '' });
    expect(await within(mineSection()).findByRole('button', { name: 'Play Harbour keeper' })).toBeTruthy();
    expect(within(mineSection()).queryByText('In review')).toBeNull();
    expect(service.getVoice).toHaveBeenCalledTimes(2);
    expect(service.getVoice).not.toHaveBeenCalledWith('ugc_0000000000000009');
    // Nothing in review: the connection closes.
    await waitFor(() => expect(open()).toHaveLength(0));
    expect(connections).toHaveLength(1);
  });

  it('a review that ended while the connection was down shows once the connection is ready again', async () => {
    const reviewing = voice({ status: 'Reviewing', preview_url: '', review_percent: 10 });
    service.listVoices.mockImplementation(async ({ scope }) => (scope === 'mine' ? list([reviewing]) : list([])));
    service.getVoice.mockResolvedValue(reviewing);
    renderAt('/editor/voices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voice library' })).toBeTruthy();
    const item = await within(mineSection()).findByRole('listitem', { name: 'Harbour keeper' });
    expect(within(item).getByText('In review')).toBeTruthy();
    await waitFor(() => expect(open()).toHaveLength(1));
    ready();
    await waitFor(() => expect(service.getVoice).toHaveBeenCalledTimes(1));
    // The Reject push went out while the connection was down; the reconnection's ready reads the voice again.
    service.getVoice.mockResolvedValue(voice({ status: 'Reject', preview_url: '', reject_reason: 'The voice could not speak its preview' }));
    ready();
    expect(await within(mineSection()).findByText('Not accepted: The voice could not speak its preview')).toBeTruthy();
    expect(within(mineSection()).getByText('Rejected')).toBeTruthy();
    await waitFor(() => expect(open()).toHaveLength(0));
  });

  it('says when the browser cannot record', async () => {
    service.listVoices.mockResolvedValue(list([]));
    renderAt('/editor/voices');
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This browser cannot record audio. Upload a file instead.');
  });

  it('uploads a file with name, tags, pitch, speed and privacy; a refused recording says why', async () => {
    service.listVoices.mockResolvedValue(list([]));
    renderAt('/editor/voices');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'me.wav', { type: 'audio/wav' });
    fireEvent.change(screen.getByLabelText(/^Audio file/), { target: { files: [file] } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Voice name' }), { target: { value: 'My own voice' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Warm' }));
    fireEvent.change(screen.getByRole('slider', { name: /^Speed/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Public/ }));
    service.createVoice.mockRejectedValueOnce(
      new ApiError(ErrorCode.ClientParamError, 'audio: The recording is too noisy: record somewhere quieter', { reason: 'too_noisy' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create voice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The recording is too noisy: record somewhere quieter.');
    service.createVoice.mockResolvedValueOnce(voice({ voice_id: 'ugc_0000000000000002', name: 'My own voice', privacy: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create voice' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Voice "My own voice" created')).toBeTruthy();
    expect(service.createVoice).toHaveBeenLastCalledWith(file, {
      name: 'My own voice',
      language: 'en',
      tags: [
        { category: 'gender', value: 'female' },
        { category: 'trait', value: 'warm' },
      ],
      pitch: 0,
      speed: 20,
      privacy: 'Public',
      text_id: 'en_1',
      source: 'upload',
    });
    expect(within(mineSection()).getByRole('heading', { name: 'My own voice' })).toBeTruthy();
  });

  it('allows at most three tags and checks the name length before sending', async () => {
    service.listVoices.mockResolvedValue(list([]));
    renderAt('/editor/voices');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Male' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Adult' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Deep' }));
    expect((screen.getByRole('checkbox', { name: 'Calm' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Upload a file' }));
    fireEvent.change(screen.getByLabelText(/^Audio file/), { target: { files: [new File([new Uint8Array([1])], 'a.wav')] } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Voice name' }), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create voice' }));
    expect(screen.getByRole('textbox', { name: 'Voice name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('The name is 2-40 characters').length).toBeGreaterThan(0);
    expect(service.createVoice).not.toHaveBeenCalled();
  });

  it('renames, makes public and deletes a voice; a second rename in a day is refused with the reason', async () => {
    service.listVoices.mockImplementation(async ({ scope }) => (scope === 'mine' ? list([voice()]) : list([])));
    renderAt('/editor/voices');
    await screen.findByRole('region', { name: 'My voices' });
    const item = await within(mineSection()).findByRole('listitem', { name: 'Harbour keeper' });
    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(item).getByRole('textbox', { name: 'Voice name' }), { target: { value: 'Lighthouse keeper' } });
    service.updateVoice.mockResolvedValueOnce(voice({ name: 'Lighthouse keeper', next_rename_at: Date.now() + 1000 }));
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    const renamed = await within(mineSection()).findByRole('listitem', { name: 'Lighthouse keeper' });
    expect(service.updateVoice).toHaveBeenLastCalledWith({ voice_id: 'ugc_0000000000000001', name: 'Lighthouse keeper', tags: [{ category: 'gender', value: 'male' }], pitch: 0, speed: 0 });
    fireEvent.click(within(renamed).getByRole('button', { name: 'Edit' }));
    expect(within(renamed).getByText('Name already changed today: you can change it again tomorrow.')).toBeTruthy();
    fireEvent.change(within(renamed).getByRole('textbox', { name: 'Voice name' }), { target: { value: 'Third name' } });
    service.updateVoice.mockRejectedValueOnce(new ApiError(ErrorCode.TooManyToday, 'The voice name can be changed once a day: limit reached today, try tomorrow'));
    fireEvent.click(within(renamed).getByRole('button', { name: 'Save' }));
    expect((await within(renamed).findByRole('alert')).textContent).toBe('The name can be changed once a day: try again tomorrow.');

    service.updateVoice.mockResolvedValueOnce(voice({ name: 'Lighthouse keeper', privacy: 'Public' }));
    fireEvent.click(within(renamed).getByRole('button', { name: 'Make public' }));
    const pub = await within(mineSection()).findByRole('button', { name: 'Make private' });
    expect(service.updateVoice).toHaveBeenLastCalledWith({ voice_id: 'ugc_0000000000000001', privacy: 'Public' });

    fireEvent.click(within(pub.closest('li')!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Lighthouse keeper"?' });
    expect(within(dialog).getByText('Creations by you and others that use this voice will be silent.')).toBeTruthy();
    service.updateVoice.mockResolvedValueOnce(voice({ name: 'Lighthouse keeper', status: 'Deleted' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(mineSection()).findByText('No voices yet: record one above.')).toBeTruthy();
    expect(service.updateVoice).toHaveBeenLastCalledWith({ voice_id: 'ugc_0000000000000001', status: 'Deleted' });
  });

  it('mixes my voice with one from the public library, by shares adding up to 100', async () => {
    const theirs = voice({ voice_id: 'ugc_00000000000000aa', name: 'Sea captain', is_mine: false, privacy: 'Public' });
    service.listVoices.mockImplementation(async ({ scope }) => (scope === 'mine' ? list([voice()]) : list([theirs])));
    renderAt('/editor/voices');
    await screen.findByRole('region', { name: 'My voices' });
    fireEvent.click(await within(mineSection()).findByRole('checkbox', { name: 'Add to mix' }));
    const mixer = screen.getByRole('region', { name: 'Mix voices' });
    expect(within(mixer).getByText(/Tick "Add to mix"/)).toBeTruthy();
    fireEvent.click(await within(publicSection()).findByRole('checkbox', { name: 'Add to mix' }));
    const mine = within(mixer).getByRole('spinbutton', { name: 'Share of Harbour keeper (%)' }) as HTMLInputElement;
    expect(mine.value).toBe('50');
    fireEvent.change(mine, { target: { value: '70' } });
    expect(within(mixer).getByText('Shares add up to 120% (100% needed)')).toBeTruthy();
    fireEvent.change(within(mixer).getByRole('spinbutton', { name: 'Share of Sea captain (%)' }), { target: { value: '30' } });
    fireEvent.change(within(mixer).getByRole('textbox', { name: 'Name of the mixed voice' }), { target: { value: 'Blend' } });
    service.mixVoices.mockRejectedValueOnce(new ApiError(ErrorCode.MixVoiceFailed, 'Voice mixing failed: the voice cannot be used', { reason: 'unavailable' }));
    fireEvent.click(within(mixer).getByRole('button', { name: 'Mix' }));
    expect((await within(mixer).findByRole('alert')).textContent).toBe('Mixing failed: a voice in the mix can no longer be used.');
    service.mixVoices.mockResolvedValueOnce(voice({ voice_id: 'ugc_00000000000000bb', name: 'Blend', mix_type: 'Mix', mix_speakers: [{ voice_id: 'ugc_0000000000000001', factor: 70, name: 'Harbour keeper' }, { voice_id: 'ugc_00000000000000aa', factor: 30, name: 'Sea captain' }] }));
    fireEvent.click(within(mixer).getByRole('button', { name: 'Mix' }));
    expect(await within(mineSection()).findByText('Mix: Harbour keeper 70%, Sea captain 30%')).toBeTruthy();
    expect(events.trackVoiceEvent).toHaveBeenCalledWith('voice_show', { page: 'library' });
    expect(events.trackVoiceEvent).toHaveBeenCalledWith('voice_mix_select', { voice_id: 'ugc_00000000000000aa' });
    expect(events.trackVoiceEvent).toHaveBeenCalledWith('voice_mix_adjust', { voice_id: 'ugc_0000000000000001', factor: 70 });
    expect(events.trackVoiceEvent).toHaveBeenCalledWith('voice_mix_success', { voice_id: 'ugc_00000000000000bb', voices: 2 });
    expect(service.mixVoices).toHaveBeenLastCalledWith({
      name: 'Blend',
      mix_speakers: [
        { voice_id: 'ugc_0000000000000001', factor: 70 },
        { voice_id: 'ugc_00000000000000aa', factor: 30 },
      ],
      privacy: 'Privacy',
    });
  });

  it('offers a retry when the library cannot load, and searches the public library', async () => {
    service.voiceConf.mockRejectedValueOnce(new Error('offline'));
    service.listVoices.mockResolvedValue(list([]));
    renderAt('/editor/voices');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Make a voice' })).toBeTruthy();
    fireEvent.change(within(publicSection()).getByRole('searchbox', { name: 'Search voices by name' }), { target: { value: 'sea' } });
    await waitFor(() => expect(service.listVoices).toHaveBeenLastCalledWith({ scope: 'public', keyword: 'sea' }));
    expect(await within(publicSection()).findByText('No voice matches this search.')).toBeTruthy();
  });
});
