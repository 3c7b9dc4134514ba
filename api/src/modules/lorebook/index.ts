export { selectWorldInfo, NO_WORLD_INFO, type WorldInfo } from './lorebook.select';
