// The weekly module's face: the creator's weekly report (an agenda job every Monday, its routes and share card).
export { startWeeklyRunner } from './weekly.job';
export { weeklyRoutes } from './weekly.routes';
