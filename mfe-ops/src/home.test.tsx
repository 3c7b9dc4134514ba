import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OpsTopic } from 'shared-kit';
import { i18n } from 'ui-kit';
import App from './App';
import { OPS_NS } from './i18n';
import * as moderation from './services/moderation.service';
import * as service from './services/ops.service';
import * as topics from './services/topic.service';
import { findReadyTable } from '../test/tables';

jest.mock('./services/ops.service');
jest.mock('./services/moderation.service');
jest.mock('./services/topic.service');
const ops = jest.mocked(service);
const mod = jest.mocked(moderation);
const api = jest.mocked(topics);

beforeAll(async () => {
  await i18n.loadNamespaces(OPS_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
  ops.fetchQueue.mockResolvedValue({ list: [] });
  mod.fetchMe.mockResolvedValue({ uid: 'op', nickname: 'Operator', permissions: ['content_operator'] });
});

const sea: OpsTopic = {
  topic_id: 't1',
  title: 'Sea stories',
  status: 'Draft',
  order: 1,
  start_at: null,
  end_at: null,
  whitelist: [],
  updated_at: null,
  description: '',
  type: 'Top',
  story_ids: ['12'],
};

describe('mfe-ops home content', () => {
  it('lists topics and banners, creates a topic, publishes and orders', async () => {
    api.fetchPlacements.mockImplementation(async (kind) => ({ list: kind === 'topic' ? [{ ...sea, topic_id: 't0', title: 'First' }, sea] : [] }));
    api.savePlacement.mockResolvedValue(sea);
    api.setPlacementStatus.mockResolvedValue({ ...sea, status: 'Published' });
    api.orderPlacements.mockResolvedValue({ list: [] });
    render(
      <MemoryRouter initialEntries={['/ops/home']}>
        <Routes>
          <Route path="/ops/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Home content' }, { timeout: 5000 })).toBeTruthy();
    await screen.findByText('No banners', {}, { timeout: 5000 });
    const table = await findReadyTable('Topics');
    expect(table.textContent).toContain('Sea stories (Top)');
    fireEvent.click(within(table).getByRole('button', { name: 'Publish: Sea stories' }));
    await waitFor(() => expect(api.setPlacementStatus).toHaveBeenCalledWith('topic', 't1', 'Published'));
    fireEvent.click(within(table).getByRole('button', { name: 'Move up: Sea stories' }));
    await waitFor(() => expect(api.orderPlacements).toHaveBeenCalledWith('topic', ['t1', 't0']));
    const form = screen.getByRole('form', { name: 'New topic' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Night tales' } });
    fireEvent.change(within(form).getByLabelText('Story IDs'), { target: { value: '12, 13' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.savePlacement).toHaveBeenCalledWith('topic', expect.objectContaining({ title: 'Night tales', story_ids: ['12', '13'], type: 'Normal' })),
    );
  });
});
