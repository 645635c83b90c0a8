import { runPart } from './part.js';

runPart(__filename);
