import type { LegalSection } from '../lib/content/legal';

/** A legal text's sections, in a scrollable region with its own label. */
export function LegalText({ sections, label }: { sections: LegalSection[]; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls in its box, which must take the focus so a keyboard can scroll it.
    <section className="legal-text" aria-label={label} tabIndex={0}>
      {sections.map((s) => (
        <div key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ))}
    </section>
  );
}
