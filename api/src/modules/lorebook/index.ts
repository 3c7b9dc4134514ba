export { selectWorldInfo, NO_WORLD_INFO, type WorldInfo, type WorldInfoContext } from './lorebook.select';
