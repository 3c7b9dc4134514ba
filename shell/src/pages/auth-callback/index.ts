export { AuthCallbackPage } from './AuthCallbackPage';
