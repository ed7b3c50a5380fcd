import { Tooltip } from '../../components/Tooltip';
import type { Tag } from '../../lib/rules/domain-tags';

/** A tag of a domain row in its colour group, with its reason on hover or focus when it has one. */
export function DomainTag({ tag }: { tag: Tag | null }) {
  if (!tag) return <span className="muted">None</span>;
  const badge = <span className={`status-badge status-${tag.group}`}>{tag.label}</span>;
  if (!tag.hint) return badge;
  return (
    <Tooltip content={tag.hint}>
      {/* role="img": a plain span's aria-label is not read; the tag and its reason are one name. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip's trigger takes the focus, so the keyboard can show the tooltip too (WCAG 1.4.13). */}
      <span role="img" tabIndex={0} aria-label={`${tag.label}: ${tag.hint}`} className="tag-with-hint">
        {badge}
      </span>
    </Tooltip>
  );
}
