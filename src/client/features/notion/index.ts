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
export {
  LazyNotionCard as NotionCard,
  preloadNotionCard,
} from './components/lazy-notion-card';
