// Appended to the module's loader (em++ --post-js), so that every host — the web client's
// worker, the Node tests and benchmarks — calls the engine the same way:
// Module.callText(request JSON text) → answer JSON text. Copies the request into the heap, calls
// te_call (entry.cpp) and reads the answer back before the next call overwrites it.
Module['callText'] = function (text) {
  var bytes = lengthBytesUTF8(text) + 1;
  var ptr = _malloc(bytes);
  try {
    stringToUTF8(text, ptr, bytes);
    return UTF8ToString(_te_call(ptr));
  } finally {
    _free(ptr);
  }
};
