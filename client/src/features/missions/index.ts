// The wake tag's own screen (print or show the QR code), routed by the app layer.
export { WakeTagPage } from './components/wake-tag-page';
