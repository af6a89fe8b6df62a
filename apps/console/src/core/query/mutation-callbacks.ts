/**
 * What a screen adds to a feature's mutation hook: its notices, closing a dialog, clearing a field.
 * The hook does the cache work (what the mutation updates and invalidates) first, then calls these.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}
