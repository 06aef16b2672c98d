/** Where the browser reports client navigations (POST, handled by api.v1.analytics.page-view). */
export const PAGE_VIEW_ENDPOINT = "/api/v1/analytics/page-view";
