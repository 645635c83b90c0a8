export { MissionGate } from './components/mission-gate';
export { MissionChoice } from './components/mission-choice';
export { WakeTagPage } from './components/wake-tag-page';
export { missionWord, type Mission } from './missions';
