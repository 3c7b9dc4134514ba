import { useEffect, useState, type JSX, type ReactNode } from 'react';

export interface AuthorSectionProps<T> {
  uid: string;
  /** Reads the person's list (a failure shows nothing, as an empty list does). */
  read: (uid: string) => Promise<{ list: T[] }>;
  /** The heading's id (the section is labelled by it). */
  headingId: string;
  heading: string;
  testId: string;
  children: (list: T[]) => ReactNode;
}

/**
 * A list of a person's things on their page (collections, threads): a section with its heading, or nothing when
 * they have none or a block stands between them and the viewer (the server answers an empty list then).
 */
export function AuthorSection<T>({
  uid,
  read,
  headingId,
  heading,
  testId,
  children,
}: AuthorSectionProps<T>): JSX.Element | null {
  const [list, setList] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    read(uid).then(
      (page) => live && setList(page.list),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [uid, read]);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="player-subtitle">
        {heading}
      </h2>
      {children(list)}
    </section>
  );
}
