import { fileNameOf, playExportUrl } from './ExportMenu';

describe('the play export', () => {
  it('asks the api for the play in the chosen format', () => {
    expect(playExportUrl('123', 'jsonl')).toBe('/api/tyler/play/export?play_id=123&format=jsonl');
    expect(playExportUrl('123', 'txt')).toBe('/api/tyler/play/export?play_id=123&format=txt');
  });

  it('saves the file under the name the api gives, the UTF-8 name first', () => {
    expect(fileNameOf(`attachment; filename="___.jsonl"; filename*=UTF-8''%E7%81%AF%E5%A1%94.jsonl`, 'play.jsonl')).toBe('灯塔.jsonl');
    expect(fileNameOf('attachment; filename="The Lighthouse.txt"', 'play.txt')).toBe('The Lighthouse.txt');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4`, 'play.txt')).toBe('play.txt');
    expect(fileNameOf(null, 'play.jsonl')).toBe('play.jsonl');
  });
});
