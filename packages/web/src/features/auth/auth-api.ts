import type { AuthResponse, LoginInput, SetPasswordInput, SignupInput } from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

export function login(api: ApiClient, input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login/', input);
}

export function signup(api: ApiClient, input: SignupInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup/', input);
}

export function logout(api: ApiClient): Promise<void> {
  return api.post<void>('/auth/logout/');
}

/** A mailed one-time link's token and the chosen password: the account is then signed in. */
export function setPassword(api: ApiClient, input: SetPasswordInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/set-password/', input);
}
