import type { DashboardNews } from '../../lib/api/system';
import { DateTime } from '../../components/DateTime';
import { isNewNews } from '../../lib/rules/news';

/** News bodies may carry markup; the list shows them as plain text. */
const plain = (html: string) =>
  html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export function LatestNews({ news }: { news: DashboardNews[] }) {
  const now = new Date();
  return (
    <section className="card" aria-labelledby="news-title">
      <h2 id="news-title" className="card-title">
        Latest News
      </h2>
      {news.length === 0 ? <p className="muted">No news yet.</p> : null}
      <ul className="news-list">
        {news.map((item) => (
          <li key={`${item.title}-${item.date_modified}`} className="news-item">
            <div className="news-head">
              {item.link ? (
                <a href={item.link} className="news-title" {...(/^https?:/.test(item.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {item.title}
                </a>
              ) : (
                <span className="news-title">{item.title}</span>
              )}
              {isNewNews(item.date_modified, now) ? <span className="badge badge-new">NEW</span> : null}
            </div>
            <span className="news-date">
              <DateTime value={item.date_modified} />
            </span>
            {item.content ? <p className="news-content">{plain(item.content)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
