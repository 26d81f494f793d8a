// Meshcat's buttons and sliders: the set_control messages (whose callbacks,
// run by the viewer, send {type, name, value} back in msgpack) and the
// handling of what browsers send.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ossa/visualization/meshcat_impl.h"

namespace ossa::geometry {

using internal::MsgValue;

namespace {

template <typename Controls>
auto Find(Controls& controls, std::string_view name) {
  return std::find_if(controls.begin(), controls.end(),
                      [&](const auto& c) { return c.name == name; });
}

// The control `name`, or std::out_of_range naming the method and the kind.
template <typename Control>
Control& FindOrThrow(std::vector<Control>& controls, std::string_view name,
                     const char* method, const char* kind) {
  auto it = Find(controls, name);
  if (it == controls.end()) {
    throw std::out_of_range(fmt::format(
        "Meshcat::{}(): there is no {} named '{}'.", method, kind, name));
  }
  return *it;
}

template <typename Control>
std::vector<std::string> Names(const std::vector<Control>& controls) {
  std::vector<std::string> names;
  for (const Control& c : controls) names.push_back(c.name);
  return names;
}

// The JavaScript the viewer evaluates (inside its set_control, where `this`
// is the viewer and `msgpack` its codec) to make a control's callback.
std::string Callback(const std::string& type, const std::string& name,
                     bool with_value) {
  return fmt::format(
      "(function(viewer) {{ return function({0}) {{ "
      "if (viewer.connection && viewer.connection.readyState === 1) {{ "
      "viewer.connection.send(msgpack.encode({{type: {1}, name: {2}{3}}})); "
      "}} }}; }})(this)",
      with_value ? "value" : "", internal::JsStringLiteral(type),
      internal::JsStringLiteral(name), with_value ? ", value: value" : "");
}

// {type: "set_control_value"}: shows a slider's value without running its
// callback.
MessagePtr ValueMessage(const Meshcat::Impl::Slider& s) {
  return internal::PackShared(MsgValue::Map()
                                  .Set("type", "set_control_value")
                                  .Set("name", s.name)
                                  .Set("value", s.value)
                                  .Set("invoke_callback", false));
}

// Control names are shared by buttons and sliders.
void ThrowIfTaken(const Meshcat::Impl& impl, const std::string& name,
                  const char* method) {
  if (Find(impl.buttons, name) != impl.buttons.end() ||
      Find(impl.sliders, name) != impl.sliders.end()) {
    throw std::logic_error(fmt::format(
        "Meshcat::{}(): a control named '{}' already exists.", method, name));
  }
}

double Quantize(const Meshcat::Impl::Slider& s, double value) {
  if (!std::isfinite(value)) value = s.min;
  // Multiples of the step, as the viewer's number controllers round.
  value = std::round(std::clamp(value, s.min, s.max) / s.step) * s.step;
  return std::clamp(value, s.min, s.max);
}

}  // namespace

MessagePtr Meshcat::Impl::ControlMessage(const Slider& s) const {
  return internal::PackShared(
      MsgValue::Map()
          .Set("type", "set_control")
          .Set("name", s.name)
          .Set("callback", Callback("slider", s.name, true))
          .Set("value", s.value)
          .Set("min", s.min)
          .Set("max", s.max)
          .Set("step", s.step));
}

MessagePtr Meshcat::Impl::ControlMessage(const Button& b) const {
  return internal::PackShared(
      MsgValue::Map()
          .Set("type", "set_control")
          .Set("name", b.name)
          .Set("callback", Callback("button", b.name, false)));
}

void Meshcat::Impl::OnControlEvent(const std::string& bytes) {
  const internal::ControlEvent event = internal::DecodeControlEvent(bytes);
  MessagePtr echo;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (event.type == "button") {
      auto b = Find(buttons, event.name);
      if (b != buttons.end()) ++b->clicks;
    } else if (event.type == "slider" && event.has_value) {
      auto s = Find(sliders, event.name);
      if (s == sliders.end()) return;
      s->value = Quantize(*s, event.value);
      // Other browsers show the new value too.
      echo = ValueMessage(*s);
    }
  }
  if (echo) Broadcast(std::move(echo));
}

void Meshcat::AddButton(std::string name, std::string keycode) {
  (void)keycode;
  MessagePtr message;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    ThrowIfTaken(*impl_, name, "AddButton");
    impl_->buttons.push_back(Impl::Button{std::move(name), 0});
    message = impl_->ControlMessage(impl_->buttons.back());
  }
  impl_->Broadcast(std::move(message));
}

int Meshcat::GetButtonClicks(std::string_view name) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return FindOrThrow(impl_->buttons, name, "GetButtonClicks", "button").clicks;
}

std::vector<std::string> Meshcat::GetButtonNames() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return Names(impl_->buttons);
}

namespace {

template <typename Control>
bool DeleteControl(Meshcat::Impl* impl, std::vector<Control>* controls,
                   const std::string& name, bool strict, const char* what) {
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    auto it = Find(*controls, name);
    if (it == controls->end()) {
      if (strict) {
        throw std::out_of_range(
            fmt::format("Meshcat::Delete{}(): there is no {} named '{}'.",
                        what[0] == 'b' ? "Button" : "Slider", what, name));
      }
      return false;
    }
    controls->erase(it);
  }
  impl->Broadcast(internal::PackShared(
      MsgValue::Map().Set("type", "delete_control").Set("name", name)));
  return true;
}

}  // namespace

bool Meshcat::DeleteButton(std::string name, bool strict) {
  return DeleteControl(impl_.get(), &impl_->buttons, name, strict, "button");
}

double Meshcat::AddSlider(std::string name, double min, double max, double step,
                          double value, std::string decrement_keycode,
                          std::string increment_keycode) {
  (void)decrement_keycode;
  (void)increment_keycode;
  if (!(min <= max) || !(step > 0) || !std::isfinite(min) ||
      !std::isfinite(max)) {
    throw std::invalid_argument(fmt::format(
        "Meshcat::AddSlider('{}'): needs finite min <= max and step > 0 "
        "(min {}, max {}, step {}).",
        name, min, max, step));
  }
  MessagePtr message;
  double result;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    ThrowIfTaken(*impl_, name, "AddSlider");
    Impl::Slider s{std::move(name), min, max, step, value};
    s.value = Quantize(s, value);
    result = s.value;
    impl_->sliders.push_back(std::move(s));
    message = impl_->ControlMessage(impl_->sliders.back());
  }
  impl_->Broadcast(std::move(message));
  return result;
}

double Meshcat::SetSliderValue(std::string_view name, double value) {
  MessagePtr message;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    Impl::Slider& s =
        FindOrThrow(impl_->sliders, name, "SetSliderValue", "slider");
    s.value = Quantize(s, value);
    value = s.value;
    message = ValueMessage(s);
  }
  impl_->Broadcast(std::move(message));
  return value;
}

double Meshcat::GetSliderValue(std::string_view name) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return FindOrThrow(impl_->sliders, name, "GetSliderValue", "slider").value;
}

std::vector<std::string> Meshcat::GetSliderNames() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return Names(impl_->sliders);
}

bool Meshcat::DeleteSlider(std::string name, bool strict) {
  return DeleteControl(impl_.get(), &impl_->sliders, name, strict, "slider");
}

void Meshcat::DeleteAddedControls() {
  for (const std::string& name : GetButtonNames()) DeleteButton(name, false);
  for (const std::string& name : GetSliderNames()) DeleteSlider(name, false);
}

}  // namespace ossa::geometry
