import { map, onMount } from 'nanostores';
import type { Dashboard } from '../lib/api/system';
import { getDashboard } from '../lib/requests/system';
import { api } from './api';
import { toastError } from './toasts';

export interface DashboardState {
  loading: boolean;
  data: Dashboard | null;
}

/** The home page counts and news, loaded when the dashboard island first reads it. */
export const $dashboard = map<DashboardState>({ loading: true, data: null });

export async function loadDashboard(): Promise<void> {
  $dashboard.setKey('loading', true);
  try {
    $dashboard.set({ loading: false, data: await getDashboard(api) });
  } catch (error) {
    $dashboard.setKey('loading', false);
    toastError(error);
  }
}

onMount($dashboard, () => {
  void loadDashboard();
});
