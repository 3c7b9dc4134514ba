import { ErrorCode } from 'shared-kit';
import { AppError, paramError } from '../../lib/errors';

/** 1010901: no such collection, or one the caller may not see (deleted, removed, across a block). */
export const collectionNotFound = (): AppError => new AppError(ErrorCode.StoryCollectionNotFound, 'Collection not found', { data: { field: 'collection_id' } });
/** 1010902: the collection has no revision that passed review, so only its owner sees it. */
export const collectionNotPassed = (): AppError => new AppError(ErrorCode.StoryCollectionNotPassed, 'Collection not approved', { data: { field: 'collection_id' } });
/** 1010903 with the field: more creations than the selection limit, or more collections than one may hold. */
export const collectionOverLimit = (field: 'creations' | 'collection', limit: number): AppError =>
  new AppError(
    ErrorCode.StoryCollectionOverLimit,
    field === 'creations' ? `creations: at most ${limit} creations` : `Collection limit reached: at most ${limit} collections`,
    { data: { field, limit } },
  );
/** 1009 naming the chosen creation at `index`. */
export const badCreation = (index: number, message: string): AppError => paramError([{ path: `creations.${index}`, message }]);
