/** The Notion mirror of work logs, as Settings and the work-log screens use it. */
export {
  getNotionSync,
  retryNotionSync,
  useAddNotionProperties,
  useConnectNotion,
  useDisconnectNotion,
  useRetryNotionSync,
} from './api/notion-actions';
export {
  notionStatusQueryKey,
  notionStatusQueryOptions,
  useNotionStatus,
} from './api/notion-status';
/** The connection's card, for Settings → Integrations. */
export {
  LazyNotionCard as NotionCard,
  preloadNotionCard,
} from './components/lazy-notion-card';
