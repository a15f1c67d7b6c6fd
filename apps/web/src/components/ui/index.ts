// Owned UI components (Radix where behaviour is non-trivial, native elements otherwise).
export { Alert, type AlertProps, type AlertVariant } from "./alert";
export { Badge, type BadgeVariant } from "./badge";
export {
  Button,
  buttonStyles,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from "./button";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";
export { Checkbox, type CheckboxProps } from "./checkbox";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  SimpleDialog,
} from "./dialog";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export { Field, SelectField, TextField, TextareaField, getDescribedBy } from "./field";
export {
  Input,
  Select,
  Textarea,
  type InputProps,
  type SelectOption,
  type SelectProps,
  type TextareaProps,
} from "./input";
export { Label } from "./label";
export { FullPageLoader, LoadingState, Spinner } from "./spinner";
export { ScrollRegion } from "./scroll-region";
export { StickyActionBar } from "./sticky-action-bar";
export * from "./toast";
