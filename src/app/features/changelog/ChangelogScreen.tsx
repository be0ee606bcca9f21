import changelog from '../../../../CHANGELOG.md?raw';
import { Card } from '#app/components/ui/Card';
import { formatDate } from '#app/lib/dateTime';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { parseChangelog } from './parseChangelog.ts';
import './changelog.css';

// Read at build time from the repository's CHANGELOG.md, so the page and the file never disagree.
const RELEASES = parseChangelog(changelog);

/** /admin/changelog (docs/spec.md §1, §2): every version with its date, Changes and Bugfixes, newest first. */
export function ChangelogScreen() {
  useDocumentTitle('Changelog');
  return (
    <Card width="regular">
      <h1>Changelog</h1>
      {RELEASES.map((release) => (
        <section key={release.version} className="release" aria-labelledby={`release-${release.version}`}>
          <h2 id={`release-${release.version}`} className="release__title">
            Version {release.version}
            <span className="release__date">
              <time dateTime={release.date}>{formatDate(release.date)}</time>
            </span>
          </h2>
          <ReleaseList title="Changes" items={release.changes} />
          <ReleaseList title="Bugfixes" items={release.bugfixes} />
        </section>
      ))}
    </Card>
  );
}

function ReleaseList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="release__heading">{title}</h3>
      <ul className="release__items">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
