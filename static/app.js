// Drag-and-drop onto the upload form. The form works without this file: it only lets a file be
// dropped on the drop zone (or anywhere on the form) instead of picked.
(function () {
  "use strict";
  var form = document.getElementById("upload-form");
  var zone = document.getElementById("dropzone");
  var input = document.getElementById("file");
  var hint = document.getElementById("drop-hint");
  if (!form || !zone || !input) {
    return;
  }
  function showName() {
    if (hint && input.files && input.files.length > 0) {
      hint.textContent = "Selected: " + input.files[0].name;
    }
  }
  function stop(e) {
    e.preventDefault();
    e.stopPropagation();
  }
  ["dragenter", "dragover"].forEach(function (type) {
    form.addEventListener(type, function (e) {
      stop(e);
      zone.classList.add("dragging");
    });
  });
  ["dragleave", "dragend"].forEach(function (type) {
    form.addEventListener(type, function (e) {
      if (e.target === form || e.target === zone) {
        zone.classList.remove("dragging");
      }
    });
  });
  form.addEventListener("drop", function (e) {
    stop(e);
    zone.classList.remove("dragging");
    if (e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files.length > 0) {
      input.files = e.dataTransfer.files;
      showName();
    }
  });
  input.addEventListener("change", showName);
})();
