/**
 * What `camera_fixed` promises, said the same way on every surface. Seedance 2.0 takes no such
 * input on any of its hosts (BytePlus ModelArk's content-generation task, fal's and Replicate's
 * Seedance 2.0 input schemas), so an upstream that cannot honour it is never sent it and the
 * description never claims more than a request.
 */
export const CAMERA_FIXED_NOTE =
  "A request to keep the camera still, passed only to upstreams whose model supports it. Seedance 2.0 on the hosted upstreams (BytePlus ModelArk, fal, Replicate) does not, so there it changes nothing; it never changes the price.";
