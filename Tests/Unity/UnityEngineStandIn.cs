// A stand-in for the few UnityEngine names Bindings/Unity/PlaytimeGuard.cs uses, written from Unity's scripting
// reference (docs.unity3d.com/ScriptReference: MonoBehaviour, Object.DontDestroyOnLoad, Application.persistentDataPath,
// Debug.LogError / LogWarning, TooltipAttribute, TextAreaAttribute; AOT.MonoPInvokeCallbackAttribute). There is no
// Unity here: scripts/c-interface.sh compiles the binding against this with UNITY_5_3_OR_NEWER (and UNITY_IOS)
// defined, so the MonoBehaviour glue and the iOS import are type-checked (names, types, signatures), not run.

using System;

namespace UnityEngine
{
    public class Object
    {
        public static void DontDestroyOnLoad(Object target) { }
    }

    public class Component : Object
    {
        public GameObject gameObject { get { return null; } }
    }

    public class GameObject : Object
    {
    }

    public class Behaviour : Component
    {
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public static class Application
    {
        public static string persistentDataPath { get { return ""; } }
    }

    public static class Debug
    {
        public static void LogError(object message) { }
        public static void LogWarning(object message) { }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public class TooltipAttribute : Attribute
    {
        public TooltipAttribute(string tooltip) { }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public class TextAreaAttribute : Attribute
    {
        public TextAreaAttribute(int minLines, int maxLines) { }
    }
}

namespace AOT
{
    [AttributeUsage(AttributeTargets.Method)]
    public class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
