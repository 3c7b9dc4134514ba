// Story visibility lives in the staff module; this re-export stays until the community module imports it from there.
export { operationUpdate, operateStory, reachFilter, FEED_SORT, type OperateInput } from '../staff';
