/** Every error leaves a service as this body, with the matching HTTP status. */
export interface ErrorResponse {
  message: string;
}
