/** hls.js ships no types for its light build; it has the full build's API. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
