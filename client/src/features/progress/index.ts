// The progress charts (issue #22): the app layer routes /progress to the page.
export { ProgressPage } from './components/progress-page';
