export { Onboarding } from './Onboarding';
export { nicknameError } from './NicknameStep';
export { youthModeOnly } from './AgeStep';
