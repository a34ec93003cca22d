import { useState } from 'react';
import { cn } from '@/lib/utils';
import { displayName as nameOf } from '../../shared/names.ts';
import type { User } from '../../shared/schemas/auth.ts';

export type Identity = Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;

/** docs/product/screens.md#layout. */
export const displayName: (user: Identity) => string = nameOf;

export function avatarInitial(user: Identity): string {
  return user.firstName?.trim().charAt(0).toUpperCase() || 'U';
}

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-20 text-3xl',
} as const;

type UserAvatarProps = { user: Identity; size?: keyof typeof sizes; className?: string };

/** Decorative (empty alt): every place that shows it names the user beside it. */
export function UserAvatar({ user, size = 'md', className }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.profileImageUrl;
  const classes = cn('shrink-0 rounded-full', sizes[size], className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailedSrc(src)}
        className={cn(classes, 'border bg-muted object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        classes,
        'flex items-center justify-center bg-primary font-semibold text-primary-foreground',
      )}
    >
      {avatarInitial(user)}
    </span>
  );
}
