import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as templateService from '../services/template.service';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/template.service');
const service = jest.mocked(templateService);

type CardData = templateService.TemplateList['templates'][number];

function card(over: Partial<CardData> = {}): CardData {
  return {
    template_id: '11',
    name: 'Locked Room Mystery',
    emoji: '🕵️',
    description: 'A body and a locked door.',
    category: 'mystery',
    cover: '',
    status: 'Published',
    stories_made: 3,
    field_count: 2,
    author_name: 'Demo Creator',
    updated_at: new Date().toISOString(),
    ...over,
  };
}
const page = (templates: CardData[]) => ({ templates, total: templates.length, has_more: false, next_offset: templates.length });

beforeEach(() => {
  installFakeShell();
  service.whiteList.mockResolvedValue({ in_white_list: false, is_operator: false, can_publish: false });
});
afterEach(() => {
  resetAll();
  jest.resetAllMocks();
});

describe('gallery', () => {
  it('shows published templates as cards with stories made, linking to each', async () => {
    service.listTemplates.mockResolvedValue(page([card()]));
    renderAt('/editor/gallery');
    const link = await screen.findByRole('link', { name: 'Locked Room Mystery' });
    expect(link.getAttribute('href')).toBe('/editor/gallery/11');
    expect(screen.getByText('3 stories made')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create template' })).toBeNull();
    expect(service.listTemplates).toHaveBeenCalledWith({ search: undefined, category: undefined, scope: 'published', count: 50 });
  });

  it('filters by category, says when nothing matches, and offers a retry after an error', async () => {
    service.listTemplates.mockResolvedValueOnce(page([card()]));
    renderAt('/editor/gallery');
    await screen.findByRole('link', { name: 'Locked Room Mystery' });
    service.listTemplates.mockResolvedValueOnce(page([]));
    fireEvent.click(screen.getByRole('button', { name: 'Romance' }));
    expect(await screen.findByText('No templates match')).toBeTruthy();
    expect(service.listTemplates).toHaveBeenLastCalledWith({ search: undefined, category: 'romance', scope: 'published', count: 50 });
    service.listTemplates.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Survival' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    service.listTemplates.mockResolvedValueOnce(page([card({ template_id: '12', name: 'Seven Days Stranded', category: 'survival' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Seven Days Stranded' })).toBeTruthy();
  });

  it('whitelisted creators also get Create template and their own templates', async () => {
    service.whiteList.mockResolvedValue({ in_white_list: true, is_operator: false, can_publish: true });
    service.listTemplates.mockImplementation(async (q) =>
      q.scope === 'mine' ? page([card({ template_id: '99', name: 'My draft', status: 'Draft' })]) : page([card()]),
    );
    renderAt('/editor/gallery');
    const create = await screen.findByRole('link', { name: 'Create template' });
    expect(create.getAttribute('href')).toBe('/editor/template/new');
    await waitFor(() => expect(screen.getByRole('link', { name: 'My draft' }).getAttribute('href')).toBe('/editor/template/99'));
  });
});
