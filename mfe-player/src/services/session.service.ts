import { unwrap, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

/**
 * A visitor plays as a guest: the api creates a guest identity and its session cookie. Guests get a few turns,
 * then are asked to log in.
 */
export async function startGuestSession(): Promise<void> {
  await unwrap(apiClient.post<Envelope<unknown>>('/passport/guest', {}, { silent: true }));
}
