/**
 * Stand-ins for the native modules the React Native SDK imports (`react-native`, `react-native-webview`,
 * `@react-native-async-storage/async-storage`, `@react-native-community/netinfo`), so that the SDK as npm ships
 * it runs in Node under react-test-renderer. One module answers for all four: the harness resolves each of
 * their names to this file. Host components render as plain elements the test finds by type; the WebView
 * renders nothing and the test reads its props (`source.html`, `onMessage`); storage is a Map.
 */
'use strict'
const { EventEmitter } = require('node:events')
const React = require('react')

const host = (name) => {
  const component = (props) => React.createElement(name, null, props.children)
  component.displayName = name
  return component
}

// react-native
exports.View = host('View')
exports.KeyboardAvoidingView = host('KeyboardAvoidingView')
exports.Modal = function Modal(props) {
  return props.visible ? React.createElement('Modal', null, props.children) : null
}
exports.StyleSheet = { create: (styles) => styles }
/** URLs the SDK asked the phone to open outside the app. */
exports.openedUrls = []
exports.Linking = { openURL: async (url) => void exports.openedUrls.push(url) }

// react-native-webview: the harness loads `source.html` in Chromium and calls `onMessage` itself.
exports.WebView = function WebView() {
  return null
}

// @react-native-async-storage/async-storage, in memory; `writes` emits (key, value) after each write.
const items = new Map()
const writes = new EventEmitter()
const storage = {
  getItem: async (key) => (items.has(key) ? items.get(key) : null),
  setItem: async (key, value) => {
    items.set(key, String(value))
    writes.emit('write', key, String(value))
  },
  removeItem: async (key) => void items.delete(key),
  clear: async () => void items.clear(),
  getAllKeys: async () => [...items.keys()],
}
// The SDK takes the module's `default`, or the module itself after its bundler's interop.
exports.default = storage
Object.assign(exports, storage)
exports.items = items
exports.writes = writes

// @react-native-community/netinfo: the phone is online.
exports.fetch = async () => ({ isConnected: true, isInternetReachable: true, type: 'wifi' })
