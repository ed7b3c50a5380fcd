import type { DashboardFaq } from '../../lib/api/system';
import { SafeHtml } from '../../components/SafeHtml';
import '../../styles/notices.css';

/** Quick FAQ for non-customers (spec part 1, 2.5): questions that open to their answers. */
export function QuickFaq({ faq }: { faq: DashboardFaq[] }) {
  if (faq.length === 0) return null;
  return (
    <section className="card" aria-labelledby="faq-title">
      <h2 id="faq-title" className="card-title">
        Quick FAQ
      </h2>
      <div className="faq-list">
        {faq.map((entry) => (
          <details key={entry.question} className="faq-item">
            <summary>{entry.question}</summary>
            <SafeHtml html={entry.answer} className="faq-answer" />
          </details>
        ))}
      </div>
    </section>
  );
}
