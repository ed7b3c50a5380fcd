/** A zone's changed lines as a diff: the removed ones (-) before the added ones (+); nothing when none changed. */
export function ZoneDiff({ label, removed, added }: { label: string; removed: readonly string[]; added: readonly string[] }) {
  if (!removed.length && !added.length) return null;
  return (
    <figure className="zone-diff-figure" aria-label={label}>
      <pre className="zone-diff">
        {removed.map((l) => (
          <span key={`-${l}`} className="diff-removed">
            - {l}
            {'\n'}
          </span>
        ))}
        {added.map((l) => (
          <span key={`+${l}`} className="diff-added">
            + {l}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
