export { Label } from './field';
