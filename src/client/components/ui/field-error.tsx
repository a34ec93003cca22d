export { FieldError, fieldErrorProps } from './field';
