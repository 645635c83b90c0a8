// The progress charts: the app layer routes /progress to the page.
export { ProgressPage } from './components/progress-page';
