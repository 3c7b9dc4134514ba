import { Link } from 'react-router';
import { Page } from './Page';

export function HomePage() {
  return (
    <Page title="Create interactive stories" heading="Create interactive AI stories">
      <p className="page__lead">
        Write stories made of chapters, characters and an opening scene, or describe an idea and let the AI
        draft it for you. Publish after a safety review, and players chat with your characters in the app.
      </p>
      <ul className="cards">
        <li className="card">
          <h2>Create</h2>
          <p>Open your drafts and published stories, start a new one in normal or brainstorm mode.</p>
          <Link className="button button--primary" to="/editor/works">
            My Story
          </Link>
        </li>
        <li className="card">
          <h2>Play</h2>
          <p>Explore stories from other creators and chat with their characters.</p>
          <Link className="button" to="/play">
            Play stories
          </Link>
        </li>
      </ul>
    </Page>
  );
}
