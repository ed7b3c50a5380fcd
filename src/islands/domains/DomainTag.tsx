import { Tooltip } from '../../components/Tooltip';
import type { Tag } from '../../lib/rules/domain-tags';

/** A tag of a domain row in its colour group, with its reason on hover or focus when it has one. */
export function DomainTag({ tag }: { tag: Tag | null }) {
  if (!tag) return <span className="muted">None</span>;
  const badge = <span className={`status-badge status-${tag.group}`}>{tag.label}</span>;
  if (!tag.hint) return badge;
  return (
    <Tooltip content={tag.hint}>
      <span tabIndex={0} aria-label={`${tag.label}: ${tag.hint}`} className="tag-with-hint">
        {badge}
      </span>
    </Tooltip>
  );
}
