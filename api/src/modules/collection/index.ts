// The collection module's face: what other modules may use. Everything else in this folder is its own.
export { collectionRoutes, type CollectionRouteDeps } from './collection.routes';
export { collectionTargetView, removeCollection, reportInfo } from './collection.review';
export { collectionShareView, visibleCollection } from './collection.service';
export type { CollectionRecord } from './collection.model';
