export { Onboarding } from './Onboarding';
export { nicknameError } from './NicknameStep';
export { YOUTH_MODE_ONLY } from './AgeStep';
