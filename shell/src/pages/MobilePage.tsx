import { Link } from 'react-router';
import { Page } from './Page';

export function MobilePage() {
  return (
    <Page title="Use the app on your phone" heading="Storyverse on your phone">
      <p>
        The story editor is made for a computer. On your phone, use the Storyverse app to play stories and
        chat with characters.
      </p>
      <p>
        <Link className="button button--primary" to="/play">
          Play stories
        </Link>
      </p>
    </Page>
  );
}
