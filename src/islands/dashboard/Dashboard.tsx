import { useStore } from '@nanostores/react';
import { $dashboard } from '../../stores/dashboard';
import { Can } from '../../components/Can';
import { $session } from '../../stores/session';
import { AccountOverview } from './AccountOverview';
import { AccountUsage } from './AccountUsage';
import { LatestNews } from './LatestNews';
import { QuickFaq } from './QuickFaq';
import { TodoList } from './TodoList';
import '../../styles/dashboard.css';

/** The home page (spec part 1, 2.5): to-do list and billing overview, news or a welcome note, Quick FAQ, usage. */
export function Dashboard() {
  const { user } = useStore($session);
  const { loading, data } = useStore($dashboard);
  if (!user) return null;

  return (
    <div className="dashboard">
      <h1>Welcome, {user.first_name}!</h1>
      {loading && !data ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : null}
      {data ? (
        <div className="dashboard-grid">
          <div className="dashboard-main">
            <Can scope="can_view_billing">
              {user.is_customer ? null : <TodoList todo={user.todo_list} />}
              <AccountOverview data={data} />
            </Can>
            {user.is_customer ? (
              <section className="card" aria-labelledby="welcome-title">
                <h2 id="welcome-title" className="card-title">
                  Welcome
                </h2>
                <p>Your services are listed in the menu on the left. Choose one to see its details and manage it.</p>
              </section>
            ) : (
              <LatestNews news={data.news} />
            )}
            {user.is_customer ? null : <QuickFaq faq={data.faq ?? []} />}
          </div>
          <aside className="dashboard-side" aria-label="Account usage">
            <AccountUsage data={data} />
          </aside>
        </div>
      ) : null}
    </div>
  );
}
